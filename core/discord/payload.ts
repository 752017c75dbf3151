/**
 * What we send to Discord, as plain JSON-ready data. The bot maps it onto discord.js; core never
 * imports discord.js so the server and the browser can build and inspect messages too.
 */

export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  /** ISO 8601. */
  timestamp?: string;
  footer?: { text: string };
  author?: { name: string };
  /** `attachment://<filename>` to show one of the message's attachments. */
  image?: { url: string };
  thumbnail?: { url: string };
  fields?: DiscordEmbedField[];
}

export const BUTTON_STYLE = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;

export interface DiscordButton {
  type: 2;
  style: (typeof BUTTON_STYLE)[keyof typeof BUTTON_STYLE];
  label: string;
  custom_id: string;
  disabled?: boolean;
}

/** A button that opens `url` in the browser; Discord sends the bot no interaction for it. */
export interface DiscordLinkButton {
  type: 2;
  style: 5;
  label: string;
  url: string;
  disabled?: boolean;
}

export interface DiscordActionRow {
  type: 1;
  components: (DiscordButton | DiscordLinkButton)[];
}

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** A file whose whole content is text we generated (a long answer that did not fit an embed). */
export interface DiscordTextAttachment {
  kind: 'text';
  filename: string;
  description?: string;
  contentType: typeof TEXT_CONTENT_TYPE;
  text: string;
}

/** A file stored by the server (a portfolio image); the sender resolves `fileId` to its bytes. */
export interface DiscordStoredFileAttachment {
  kind: 'stored';
  filename: string;
  description?: string;
  contentType: string;
  fileId: string;
  /** Its size, so the message's upload can be kept within Discord's request limit. */
  byteSize: number;
}

export type DiscordAttachment = DiscordTextAttachment | DiscordStoredFileAttachment;

export interface DiscordMessagePayload {
  content?: string;
  embeds: DiscordEmbed[];
  attachments?: DiscordAttachment[];
  components?: DiscordActionRow[];
  /** User text must never ping anyone, so builders set `{ parse: [] }`. */
  allowed_mentions?: {
    parse: ('users' | 'roles' | 'everyone')[];
    users?: string[];
    roles?: string[];
  };
  nonce?: string;
  enforce_nonce?: boolean;
  /** Makes the message a reply; `fail_if_not_exists: false` posts it even if that one is gone. */
  message_reference?: { message_id: string; fail_if_not_exists?: boolean };
}
