import type { FastifyInstance } from 'fastify';

// Small valid answers for each form; tests override what they look at.
export function moderatorAnswers(n = 1): Record<string, unknown> {
  const long = (what: string) => `${what} for applicant ${n}: `.padEnd(120, 'calm and fair. ');
  return {
    type: 'moderator',
    robloxUsername: `Mod${n}`,
    discordUsername: `mod.${n}`,
    age: 15,
    activityLevel: 10,
    otherServers: 'Two ERLC servers',
    whyChooseYou: long('Why me'),
    scenarioOne: long('Scenario one'),
    scenarioTwo: long('Scenario two'),
    scenarioThree: long('Scenario three'),
    scenarioFour: long('Scenario four'),
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: true,
  };
}

export function designerAnswers(n = 1): Record<string, unknown> {
  return {
    type: 'designer',
    robloxUsername: `Pixel${n}`,
    discordUsername: `pixel.${n}`,
    age: 16,
    activityLevel: 7,
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    designStyle: 'Minimal, lots of lavender',
    tools: 'Photoshop, Blender',
    designProcess: '',
    designChallenges: '',
    agreeTerms: true,
  };
}

/** A tiny PNG-signed file; `seed` makes each one's bytes different. */
export function pngBytes(seed: number, size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = (seed * 31 + i) % 256;
  return bytes;
}

/**
 * POST /api/applications as the form does (multipart). Each call may come from its own
 * address so the per-IP rate limit does not get in the way of bulk submissions.
 */
export async function submitApplication(
  app: FastifyInstance,
  answers: Record<string, unknown>,
  images: Uint8Array[] = [],
  remoteAddress = '203.0.113.10',
): Promise<{ status: number; id?: number; reference?: string }> {
  const form = new FormData();
  form.set('application', JSON.stringify(answers));
  images.forEach((bytes, i) => {
    form.append(
      'images',
      new Blob([Buffer.from(bytes)], { type: 'image/png' }),
      `portfolio ${i}.png`,
    );
  });
  const encoded = new Response(form);
  const response = await app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
    remoteAddress,
  });
  const { id, reference } = response.json();
  return { status: response.statusCode, id, reference };
}

export function addressFor(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
