import { type EmbedItem, layoutEmbedFields } from '../discord/embed-fields';
import { attachmentBytes, DISCORD_LIMITS } from '../discord/limits';
import {
  BUTTON_STYLE,
  type DiscordActionRow,
  type DiscordAttachment,
  type DiscordEmbed,
  type DiscordMessagePayload,
} from '../discord/payload';
import { IMAGE_EXTENSIONS } from './image-type';
import type { ApplicationDecision, ApplicationImage, ApplicationRecord } from './record';
import { applicationDashboardPath, applicationReference } from './reference';
import type { ApplicationField } from './schema';
import { APPLICATION_FIELD_LABELS } from './steps';

export const APPLICATION_COLORS = {
  moderator: 0x5865f2,
  designer: 0xb19cd9,
  accepted: 0x57f287,
  rejected: 0xed4245,
} as const;

export const APPLICATION_BUTTON_PREFIX = 'application';
type ApplicationButtonAction = 'accept' | 'reject';

function applicationButtonId(action: ApplicationButtonAction, id: string | number): string {
  const customId = `${APPLICATION_BUTTON_PREFIX}:${action}:${id}`;
  if (customId.length > DISCORD_LIMITS.customId) throw new RangeError('application id too long');
  return customId;
}

/** Reads a button's custom_id back; null when it is not one of ours. */
export function parseApplicationButtonId(
  customId: string,
): { action: ApplicationButtonAction; id: string } | null {
  const match = /^application:(accept|reject):(.+)$/.exec(customId);
  if (!match?.[1] || !match[2]) return null;
  return { action: match[1] as ApplicationButtonAction, id: match[2] };
}

const kebab = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function answer(app: ApplicationRecord, field: ApplicationField): EmbedItem {
  const value = (app.answers as Record<string, unknown>)[field];
  return {
    kind: 'field',
    name: APPLICATION_FIELD_LABELS[field],
    value: typeof value === 'string' ? value : '',
    file: `${kebab(field)}.txt`,
  };
}

function short(name: string, value: string): EmbedItem {
  return { kind: 'field', name, value, inline: true };
}

function describeDecision(decision: ApplicationDecision): string {
  const verb = decision.status === 'accepted' ? 'Accepted' : 'Rejected';
  const unix = Math.floor(decision.decidedAt.getTime() / 1000);
  return `${verb} by <@${decision.reviewerId}> at <t:${unix}:f>`;
}

// The longest a decision can read: a 20-digit snowflake and the last date JavaScript can hold.
const LONGEST_DECISION = describeDecision({
  status: 'rejected',
  reviewerId: '9'.repeat(20),
  reviewerName: '',
  decidedAt: new Date(8.64e15),
});
const DECISION_FIELD = 'Decision';

function applicationItems(app: ApplicationRecord, decisionText: string) {
  const items: EmbedItem[] = [
    { kind: 'field', name: DECISION_FIELD, value: decisionText, trusted: true },
  ];
  items.push(
    { kind: 'heading', name: 'Personal Information' },
    short('Roblox Username', app.robloxUsername),
    short('Discord Username', app.discordUsername),
    short('Age', String(app.answers.age)),
    short('Activity Level', `${app.answers.activityLevel} conversations per week`),
  );
  if (app.type === 'moderator') {
    items.push({ kind: 'heading', name: 'Scenario Responses' });
    for (const f of ['scenarioOne', 'scenarioTwo', 'scenarioThree', 'scenarioFour'] as const) {
      items.push(answer(app, f));
    }
    items.push({ kind: 'heading', name: 'General Questions' });
    items.push(answer(app, 'otherServers'), answer(app, 'whyChooseYou'));
  }
  items.push({ kind: 'heading', name: 'Questions for Us' });
  for (const f of ['questionsForUs', 'questionsBenefits', 'additionalInfo'] as const) {
    items.push(answer(app, f));
  }
  if (app.type === 'designer') {
    items.push({ kind: 'heading', name: 'Designer Information' });
    for (const f of ['designStyle', 'tools', 'designProcess', 'designChallenges'] as const) {
      items.push(answer(app, f));
    }
  }
  return items;
}

function buttons(id: string | number, decided: boolean): DiscordActionRow {
  return {
    type: 1,
    components: [
      {
        type: 2,
        style: BUTTON_STYLE.success,
        label: 'Accept',
        custom_id: applicationButtonId('accept', id),
        disabled: decided,
      },
      {
        type: 2,
        style: BUTTON_STYLE.danger,
        label: 'Reject',
        custom_id: applicationButtonId('reject', id),
        disabled: decided,
      },
    ],
  };
}

/**
 * The first images that fit both the files left and the bytes left (text files count too), in
 * order, so the note can say "the first N". `limit` says which budget stopped them.
 */
function pickImages(
  images: ApplicationImage[],
  filenames: string[],
  filesLeft: number,
  textFiles: DiscordAttachment[],
): { attached: DiscordAttachment[]; limit?: 'files' | 'bytes' } {
  let bytesLeft =
    DISCORD_LIMITS.uploadBytes - textFiles.reduce((sum, file) => sum + attachmentBytes(file), 0);
  const attached: DiscordAttachment[] = [];
  for (const [i, img] of images.entries()) {
    if (attached.length >= filesLeft) return { attached, limit: 'files' };
    if (img.byteSize > bytesLeft || img.byteSize > DISCORD_LIMITS.fileBytes) {
      return { attached, limit: 'bytes' };
    }
    bytesLeft -= img.byteSize;
    attached.push({
      kind: 'stored',
      filename: filenames[i] as string,
      description: `Portfolio image ${i + 1}`,
      contentType: img.contentType,
      fileId: String(img.id),
      byteSize: img.byteSize,
    });
  }
  return { attached };
}

/** Puts the real decision in the reserved field (shorter, so it still fits), or drops it. */
function fillDecisionField(embeds: DiscordEmbed[], decisionText: string): void {
  const [first] = embeds;
  const reserved = first?.fields?.[0];
  if (!first?.fields || reserved?.name !== DECISION_FIELD) {
    throw new Error('the Decision field must open the first embed');
  }
  first.fields = decisionText
    ? [{ ...reserved, value: decisionText }, ...first.fields.slice(1)]
    : first.fields.slice(1);
}

/**
 * The review message for an application. Always within Discord's limits: long answers are
 * split across fields or attached as .txt; text files come before images in the 10-file and
 * upload-size budgets, and any image left out is counted in `content`, which links the
 * application's dashboard page where every image is shown.
 */
export function buildApplicationMessage(
  app: ApplicationRecord,
  /** `siteUrl`: the site's public address, for the link to the application's dashboard page. */
  opts: { decision?: ApplicationDecision; siteUrl?: string } = {},
): DiscordMessagePayload {
  const { decision, siteUrl } = opts;
  const { images } = app;
  const maxFiles = DISCORD_LIMITS.attachmentsPerMessage;
  const imageFilenames = images.map(
    (img, i) => `portfolio-${i + 1}.${IMAGE_EXTENSIONS[img.contentType]}`,
  );
  // The layout always holds room for the Decision field, so deciding (which edits the message
  // without uploading files again) never moves an answer into a .txt the message lacks: the
  // decided and undecided messages attach exactly the same files.
  const decisionText = decision ? describeDecision(decision) : '';
  const { embeds, files } = layoutEmbedFields({
    head: {
      title: app.type === 'moderator' ? 'New Moderator Application' : 'New Designer Application',
      color: decision ? APPLICATION_COLORS[decision.status] : APPLICATION_COLORS[app.type],
      timestamp: app.submittedAt.toISOString(),
      footer: { text: `Application ${applicationReference(app.type, app.id)}` },
    },
    items: applicationItems(
      app,
      decisionText.length > LONGEST_DECISION.length ? decisionText : LONGEST_DECISION,
    ),
    maxTextFiles: Math.max(1, maxFiles - images.length),
    combinedFileName: 'answers.txt',
  });
  const picked = pickImages(images, imageFilenames, maxFiles - files.length, files);
  fillDecisionField(embeds, decisionText);
  const [first] = embeds;
  const shown = picked.attached[0];
  // Only an uploaded image can be shown: `attachment://` to a file not sent shows nothing.
  if (first && shown) embeds[0] = { ...first, image: { url: `attachment://${shown.filename}` } };
  const payload: DiscordMessagePayload = {
    embeds,
    attachments: [...files, ...picked.attached],
    components: [buttons(app.id, decision !== undefined)],
    allowed_mentions: { parse: [] },
  };
  if (picked.attached.length < images.length) {
    const reason =
      picked.limit === 'files'
        ? `Discord allows ${maxFiles} files per message and the long answers use the rest`
        : `Discord takes at most ${DISCORD_LIMITS.uploadBytes / 1024 / 1024} MiB of files per message`;
    // Every image is stored with the application; the dashboard's page for it shows them all.
    const where = siteUrl
      ? `: ${siteUrl.replace(/\/+$/, '')}${applicationDashboardPath(app.id)}`
      : ' on the website (staff dashboard).';
    payload.content =
      `${picked.attached.length} of ${images.length} portfolio images are attached: ${reason}. ` +
      `All images are stored with the application${where}`;
  }
  return payload;
}
