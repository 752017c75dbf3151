/** GATEWAY_MESSAGE_CONTENT (verified bots) and GATEWAY_MESSAGE_CONTENT_LIMITED (others). */
const MESSAGE_CONTENT_FLAGS = (1 << 18) | (1 << 19);

/**
 * Said at start-up when the application's flags (GET /applications/@me) show the privileged
 * Message Content intent off: Discord then sends other people's messages without their text,
 * in REST too, so ticket transcripts would hold authors and times but no words.
 */
export function messageContentWarning(flags: number): string | null {
  if ((flags & MESSAGE_CONTENT_FLAGS) !== 0) return null;
  return (
    'The Message Content intent is off: ticket transcripts will have no message text. Turn on ' +
    'Bot → Privileged Gateway Intents → Message Content Intent in the developer portal.'
  );
}
