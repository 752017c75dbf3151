// Decision 11: the support e-mail and the default portfolio name are configuration, so texts
// carry `{email}` / `{name}` tokens and the renderer fills them in.
export type ContentTokens = { email?: string; name?: string };

export function fillTokens(text: string, tokens: ContentTokens): string {
  return text.replace(/\{(email|name)\}/g, (match, key: 'email' | 'name') => tokens[key] ?? match);
}
