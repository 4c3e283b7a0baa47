import { camelKey, renamePath } from '@shared/case';
import { currentBase } from './backend';
import { session } from './session';
import { RestError } from './rest-error';

/**
 * One file as a request's body (no base64, no multipart), reporting the share sent (0–1) as it goes — which fetch
 * cannot do, hence XMLHttpRequest. Resolves to the server's 201 answer.
 */
export function sendFileBody<T>(path: string, body: Blob, onProgress: (sent: number) => void, signal?: AbortSignal) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${currentBase()}${path}`);
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', body.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let answer: { detail?: string; field?: string; message_key?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status === 201) return resolve(answer as T);
      // The field as the forms name it (the rule's camelCase path), as every REST refusal reaches them.
      reject(
        new RestError(answer.detail ?? xhr.statusText, xhr.status, answer.field && renamePath(answer.field, camelKey), answer.message_key),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
