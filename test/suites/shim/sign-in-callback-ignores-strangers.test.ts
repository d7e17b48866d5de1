// Any local process can reach the sign-in's loopback listener (real HTTP on 127.0.0.1). Requests
// that do not carry the sign-in's state — a wrong one, none, two, a favicon, a request target no
// URL parser takes — get a small refusal and cannot end or cancel the sign-in: the browser's
// callback with the state, arriving after all of them, still completes it.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenForCallback } from '../../../src/shim/sign-in/loopback-callback.ts';

const STATE = 'state-9a8b7c6d5e4f';

async function get(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** Sends `requestLine` as is over a raw socket (fetch would refuse it) and returns the status line. */
function rawRequest(port: number, requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = `${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe("the loopback listener ignores requests without the sign-in's state", () => {
  it('answers a wrong state, no state, two states and a favicon, keeps waiting, then takes the right one', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    const origin = new URL(callback.redirectUrl).origin;
    let settled = false;
    void callback.response.then(
      () => (settled = true),
      () => (settled = true),
    );

    for (const stranger of [
      `${callback.redirectUrl}?code=forged-code&state=forged-state`,
      `${callback.redirectUrl}?code=forged-code`,
      `${callback.redirectUrl}?error=access_denied`,
      `${callback.redirectUrl}?code=forged-code&state=${STATE}&state=${STATE}`,
      `${callback.redirectUrl}?code=forged-code&state=${STATE.slice(0, -1)}`,
      `${callback.redirectUrl}?code=forged-code&state=${STATE}x`,
    ]) {
      const answer = await get(stranger);
      expect(answer.status, stranger).toBe(400);
      expect(answer.html).toContain('did not carry this sign-in&#39;s state, so it was ignored');
      expect(answer.html).toContain('still waiting');
      expect(answer.html.length).toBeLessThan(1_000);
    }
    expect(await get(`${origin}/favicon.ico`)).toMatchObject({ status: 404 });
    expect(settled).toBe(false);

    const right = await get(`${callback.redirectUrl}?code=the-code&state=${STATE}`);
    expect(right).toMatchObject({ status: 200 });
    await expect(callback.response).resolves.toEqual({ code: 'the-code' });
  });

  it('survives a request target no URL parser takes, and still completes', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    const { port } = new URL(callback.redirectUrl);
    expect(await rawRequest(Number(port), 'GET http://[ HTTP/1.1')).toBe('HTTP/1.1 404 Not Found');
    expect(await get(`${callback.redirectUrl}?code=the-code&state=${STATE}`)).toMatchObject({
      status: 200,
    });
    await expect(callback.response).resolves.toEqual({ code: 'the-code' });
  });

  it('still ends on the first callback with the state, whatever it carries', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    expect(await get(`${callback.redirectUrl}?state=forged`)).toMatchObject({ status: 400 });
    expect(await get(`${callback.redirectUrl}?error=access_denied&state=${STATE}`)).toMatchObject({
      status: 400,
    });
    await expect(callback.response).rejects.toThrow(/not completed: access_denied/);
    await expect(fetch(`${callback.redirectUrl}?code=c&state=${STATE}`)).rejects.toThrow();
  });
});
