type SubmitResult =
  | { ok: true; id: number; reference: string }
  | { ok: false; status: number; fieldErrors?: Record<string, string> };

/**
 * Sends the answers and images as multipart. XMLHttpRequest because fetch cannot report
 * upload progress; `status: 0` means the network failed.
 */
export function submitApplication(
  answers: Record<string, unknown>,
  images: File[],
  honeypot: string,
  onProgress: (percent: number) => void,
): Promise<SubmitResult> {
  const form = new FormData();
  form.append('application', JSON.stringify(answers));
  if (honeypot) form.append('website', honeypot);
  for (const image of images) form.append('images', image, image.name);

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/applications');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    });
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve({ ok: true, id: Number(body?.id), reference: String(body?.reference ?? '') });
      } else {
        const fieldErrors =
          body && typeof body.fieldErrors === 'object'
            ? (body.fieldErrors as Record<string, string>)
            : undefined;
        resolve({ ok: false, status: request.status, fieldErrors });
      }
    });
    for (const failure of ['error', 'abort', 'timeout'] as const) {
      request.addEventListener(failure, () => resolve({ ok: false, status: 0 }));
    }
    request.send(form);
  });
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
