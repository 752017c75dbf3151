import type {
  ApplicationDecision,
  ApplicationMessageInput,
} from '../../core/applications/discord-message';
import type { ImageContentType } from '../../core/applications/image-type';
import type { ApplicationImageMeta, StoredApplication } from '../../db/repositories/applications';

type StoredWithImages = StoredApplication & { images: ApplicationImageMeta[] };

/** A stored application as the pure message builder wants it (nulls become empty answers). */
export function toApplicationMessageInput(row: StoredWithImages): ApplicationMessageInput {
  const common = {
    id: row.id,
    submittedAt: row.submittedAt,
    robloxUsername: row.robloxUsername,
    discordUsername: row.discordUsername,
    age: row.age,
    activityLevel: row.activityLevel,
    questionsForUs: row.questionsForUs ?? '',
    questionsBenefits: row.questionsBenefits ?? '',
    additionalInfo: row.additionalInfo ?? '',
    agreeTerms: true as const,
    imageFiles: row.images.map((image) => ({
      id: image.id,
      filename: image.filename,
      // The server accepted only images it recognised by content, so the type is one of ours.
      contentType: image.contentType as ImageContentType,
      byteSize: image.byteSize,
    })),
  };
  if (row.type === 'designer') {
    return {
      ...common,
      type: 'designer',
      designStyle: row.designStyle ?? '',
      tools: row.tools ?? '',
      designProcess: row.designProcess ?? '',
      designChallenges: row.designChallenges ?? '',
    };
  }
  return {
    ...common,
    type: 'moderator',
    otherServers: row.otherServers ?? '',
    whyChooseYou: row.whyChooseYou ?? '',
    scenarioOne: row.scenarioOne ?? '',
    scenarioTwo: row.scenarioTwo ?? '',
    scenarioThree: row.scenarioThree ?? '',
    scenarioFour: row.scenarioFour ?? '',
  };
}

/** The decision shown on the message, once a lead or executive has made one. */
export function toApplicationDecision(row: StoredApplication): ApplicationDecision | undefined {
  if (row.status === 'pending' || !row.reviewerId || !row.decidedAt) return undefined;
  return { outcome: row.status, byUserId: row.reviewerId, at: row.decidedAt };
}
