// Decision 11: the support e-mail and the default portfolio name are configuration, so texts
// carry `{email}` / `{name}` tokens and the renderer fills them in.
type ContentTokens = { email?: string; name?: string; retention?: string };

export function fillTokens(text: string, tokens: ContentTokens): string {
  return text.replace(
    /\{(email|name|retention)\}/g,
    (match, key: 'email' | 'name' | 'retention') => tokens[key] ?? match,
  );
}
