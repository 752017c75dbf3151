import { and, asc, desc, eq, getTableColumns, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Application, ApplicationType, ImageContentType } from '../../core/applications';
import type { Database } from '../client';
import { applicationImages, applications } from '../schema';
import { enqueueDelivery } from './outbox';

export type NewApplicationImage = {
  filename: string;
  contentType: ImageContentType;
  data: Uint8Array;
};
export type StoredApplication = typeof applications.$inferSelect;
export type ApplicationStatus = StoredApplication['status'];
export type ApplicationImageMeta = {
  id: number;
  position: number;
  filename: string;
  contentType: string;
  byteSize: number;
};
export type ApplicationDecision = {
  status: 'accepted' | 'rejected';
  reviewerId: string;
  reviewerName: string;
  at?: Date;
};
export type ApplicationListOptions = {
  status?: ApplicationStatus;
  type?: ApplicationType;
  limit: number;
  /** Keyset cursor: the last row of the previous page (newest first). */
  before?: { submittedAt: Date; id: number };
};

const {
  data: _data,
  applicationId: _applicationId,
  ...imageMetaColumns
} = getTableColumns(applicationImages);

// Moderator-only and designer-only answers are absent on the other type and stored as null.
function toRow(input: Application, submittedAt: Date): typeof applications.$inferInsert {
  const common = {
    type: input.type,
    robloxUsername: input.robloxUsername,
    discordUsername: input.discordUsername,
    age: input.age,
    activityLevel: input.activityLevel,
    questionsForUs: input.questionsForUs,
    questionsBenefits: input.questionsBenefits,
    additionalInfo: input.additionalInfo,
    agreeTerms: input.agreeTerms,
    submittedAt,
  };
  if (input.type === 'designer') {
    return {
      ...common,
      designStyle: input.designStyle,
      tools: input.tools,
      designProcess: input.designProcess,
      designChallenges: input.designChallenges,
    };
  }
  return {
    ...common,
    otherServers: input.otherServers,
    whyChooseYou: input.whyChooseYou,
    scenarioOne: input.scenarioOne,
    scenarioTwo: input.scenarioTwo,
    scenarioThree: input.scenarioThree,
    scenarioFour: input.scenarioFour,
  };
}

export function createApplicationsRepository(db: Database) {
  return {
    /** The application, its images and its Discord delivery, stored together or not at all. */
    async create(
      input: Application,
      images: NewApplicationImage[],
      // Millisecond precision (a JS Date) on purpose: the list's keyset cursor round-trips it.
      submittedAt: Date = new Date(),
    ): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(applications)
          .values(toRow(input, submittedAt))
          .returning({ id: applications.id });
        if (!row) throw new Error('application insert returned nothing');
        if (images.length > 0) {
          await tx.insert(applicationImages).values(
            images.map((image, position) => ({
              applicationId: row.id,
              position,
              filename: image.filename,
              contentType: image.contentType,
              byteSize: image.data.byteLength,
              data: image.data,
            })),
          );
        }
        await enqueueDelivery(tx as unknown as Database, 'application', row.id);
        return { id: row.id };
      });
    },

    async findById(
      id: number,
    ): Promise<(StoredApplication & { images: ApplicationImageMeta[] }) | null> {
      const [row] = await db.select().from(applications).where(eq(applications.id, id));
      if (!row) return null;
      const images = await db
        .select(imageMetaColumns)
        .from(applicationImages)
        .where(eq(applicationImages.applicationId, id))
        .orderBy(asc(applicationImages.position));
      return { ...row, images };
    },

    /** The images with their bytes, in order; `onlyIds` limits it to those (e.g. the ones a Discord message attaches). */
    async readImages(
      applicationId: number,
      onlyIds?: number[],
    ): Promise<(ApplicationImageMeta & { data: Uint8Array })[]> {
      const ofApplication = eq(applicationImages.applicationId, applicationId);
      const rows = await db
        .select({ ...imageMetaColumns, data: applicationImages.data })
        .from(applicationImages)
        .where(onlyIds ? and(ofApplication, inArray(applicationImages.id, onlyIds)) : ofApplication)
        .orderBy(asc(applicationImages.position));
      return rows.map((row) => ({ ...row, data: new Uint8Array(row.data) }));
    },

    /**
     * The first decision wins: the conditional update lets Postgres settle a race between two
     * leads (the second update re-checks `status = 'pending'` after the first commits).
     */
    async recordDecision(
      id: number,
      decision: ApplicationDecision,
    ): Promise<StoredApplication | null> {
      const [row] = await db
        .update(applications)
        .set({
          status: decision.status,
          reviewerId: decision.reviewerId,
          reviewerName: decision.reviewerName,
          decidedAt: decision.at ?? new Date(),
        })
        .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Newest first, one page at a time. */
    async list(options: ApplicationListOptions): Promise<StoredApplication[]> {
      const conditions: SQL[] = [];
      if (options.status) conditions.push(eq(applications.status, options.status));
      if (options.type) conditions.push(eq(applications.type, options.type));
      if (options.before) {
        const { submittedAt, id } = options.before;
        const older = or(
          lt(applications.submittedAt, submittedAt),
          and(eq(applications.submittedAt, submittedAt), lt(applications.id, id)),
        );
        if (older) conditions.push(older);
      }
      return db
        .select()
        .from(applications)
        .where(and(...conditions))
        .orderBy(desc(applications.submittedAt), desc(applications.id))
        .limit(options.limit);
    },
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
