import type { AxiosProgressEvent, AxiosResponse } from 'axios';
import { END, eventChannel, type EventChannel } from 'redux-saga';

/** What an upload channel emits: progress in percent (0-100), then the reply or the error. */
export type UploadEvent<Reply> = { kind: 'progress'; percent: number } | { kind: 'done'; response: AxiosResponse<Reply> } | { kind: 'failed'; error: unknown };

export const percentOf = (event: AxiosProgressEvent): number =>
  event.total ? Math.min(100, Math.max(0, Math.round((event.loaded / event.total) * 100))) : 0;

/**
 * Runs a multipart request as a saga channel, so that a saga can `take` its upload progress
 * (axios onUploadProgress) and then its outcome.
 */
export function uploadChannel<Reply>(send: (onUploadProgress: (event: AxiosProgressEvent) => void) => Promise<AxiosResponse<Reply>>): EventChannel<UploadEvent<Reply>> {
  return eventChannel((emit) => {
    send((event) => emit({ kind: 'progress', percent: percentOf(event) })).then(
      (response) => {
        emit({ kind: 'done', response });
        emit(END);
      },
      (error: unknown) => {
        emit({ kind: 'failed', error });
        emit(END);
      },
    );
    return () => undefined;
  });
}
