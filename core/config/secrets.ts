// Configuration errors are printed to the console and end up in service logs, which more
// people read than may know a token. A secret's value is never part of a message: its name is.

/** Variables whose value is a credential, by name: DISCORD_TOKEN, BLOG_ADMIN_PASSCODE, … */
const SECRET_NAME = /TOKEN|SECRET|PASSCODE|PASSWORD|PRIVATE_KEY|API_KEY/i;

// scheme://user:password@host… — greedy up to the last @, so a password with an @ in it is
// hidden whole.
const URL_PASSWORD = /^([a-z][\w+.-]*:\/\/[^:/@\s]*:)(.*)@([^@]*)$/i;

export function isSecretVariable(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The value as an error message may quote it: secrets hidden, URL passwords masked. */
export function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return '(not set)';
  if (isSecretVariable(name)) return '(value not shown: it is a secret)';
  return `(got ${JSON.stringify(value.replace(URL_PASSWORD, '$1***@$3'))})`;
}

/**
 * Removes every secret value of `env` from `messages`, whatever put it there (a library's own
 * message may quote its input): the values of secret variables and the passwords in URLs.
 */
export function withoutSecrets(
  messages: string[],
  env: Record<string, string | undefined>,
): string[] {
  const secrets = Object.entries(env).flatMap(([name, value]) => {
    if (!value) return [];
    if (isSecretVariable(name)) return [value, value.trim()];
    const password = value.trim().match(URL_PASSWORD)?.[2];
    return password ? [password, decodeURIComponentSafe(password)] : [];
  });
  // Longest first, so a secret that contains another is hidden whole. Very short values are
  // skipped: hiding "1" would garble every message and protects nothing.
  const hidden = [...new Set(secrets)]
    .filter((s) => s.length >= 4)
    .sort((a, b) => b.length - a.length);
  return messages.map((message) =>
    hidden.reduce((text, secret) => text.split(secret).join('***'), message),
  );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
