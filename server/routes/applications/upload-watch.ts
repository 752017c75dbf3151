import type { FastifyReply } from 'fastify';
import { StorageError } from '../../../db/image-store';
import { HttpError } from '../../http-errors';

// An application's upload is watched from its first byte to the row's insert: it stops (its
// signal aborts) when the image store has kept the applicant waiting past the deadline, or
// when the applicant has gone. Nothing is stored after that (decision 048).

export type UploadWatch = {
  /** Aborts with why: a StorageError (answered 503 "nothing was saved") or the client gone. */
  readonly signal: AbortSignal;
  /** Bytes arrived from the applicant: the deadline counts from the last of them. */
  progress(): void;
  /** The point of no return (the insert): throws when stopped already, else stops watching. */
  commit(): void;
  /** Stops watching: the request is over. */
  stop(): void;
};

/**
 * Watches one upload. The deadline counts from the applicant's last byte, not from the
 * request's start: a slow line is not the store's fault (the server's request timeout bounds
 * it), while a store that stops taking bytes stops the applicant's too (back-pressure), so
 * its stall starts the clock either way.
 */
export function watchUpload(reply: FastifyReply, deadlineMs: number): UploadWatch {
  const controller = new AbortController();
  const expire = () =>
    controller.abort(
      new StorageError(`the image store kept the upload waiting ${deadlineMs / 1000} s`, {
        cause: 'deadline',
      }),
    );
  const timer = setTimeout(expire, deadlineMs);
  // The answer cannot reach an applicant who left: what they sent is not stored either.
  const gone = () => {
    if (!reply.raw.writableEnded) {
      controller.abort(new HttpError(400, 'The upload stopped before it was complete.'));
    }
  };
  reply.raw.once('close', gone);
  const stop = () => {
    clearTimeout(timer);
    reply.raw.off('close', gone);
  };
  return {
    signal: controller.signal,
    progress: () => {
      if (!controller.signal.aborted) timer.refresh();
    },
    commit() {
      controller.signal.throwIfAborted();
      stop();
    },
    stop,
  };
}

/** `promise`, or the signal's reason as soon as it aborts (for waits that cannot be aborted). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}
