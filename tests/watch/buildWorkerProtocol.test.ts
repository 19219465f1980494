import { once } from 'node:events';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { diagnostic, FILE_START, warning } from '../../src/diagnostics.ts';
import type { Adopted } from '../../src/pipeline/builder.ts';
import type { BuildWorkerReply, BuildWorkerRequest } from '../../src/watch/buildWorkerProtocol.ts';

/** One message of each kind a map names: a kind added to the map fails to compile here until it has one. */
type OneOfEach<Message extends { type: string }> = { [Type in Message['type']]: Extract<Message, { type: Type }> };

const work: Adopted = {
  code: 'a1b2c3',
  analyses: [],
  rendered: [],
  last: {
    dir: '/tmp/site/.sitegen-watch/v3',
    files: new Map<string, string | Uint8Array>([
      ['index.html', '<!DOCTYPE html>'],
      ['images/a.webp', new Uint8Array([82, 73, 70, 70])],
    ]),
  },
};

const requests: OneOfEach<BuildWorkerRequest> = {
  build: { type: 'build', changes: ['content', 'public'], contentChanged: ['/site/content/articles/value-banks.md'] },
  adopt: { type: 'adopt', work },
  templates: { type: 'templates', dir: '/tmp/site/.sitegen-watch/templates-2' },
  stop: { type: 'stop' },
};

const replies: OneOfEach<BuildWorkerReply> = {
  built: {
    type: 'built',
    pages: 47,
    rendered: 0,
    ms: 93.5,
    changed: ['assets/site.css', 'search.json'],
    warnings: [
      warning('content/articles/value-banks.md', { line: 9, column: 14 }, 'markdown/bare-url', '"https://example.com" is shown as plain text, not as a link'),
    ],
  },
  failed: { type: 'failed', diagnostics: [diagnostic('content/site.yaml', FILE_START, 'yaml-syntax', 'invalid YAML')] },
  faulted: { type: 'faulted', message: 'Error: the card has no sponsor\n    at Article (templates/pages/Article.tsx:8:45)' },
  crashed: { type: 'crashed', message: 'sitegen: the build worker stopped (exit code 3)' },
  waiting: { type: 'waiting', line: 'waiting for another build of this project (pid 4242)' },
  progress: { type: 'progress', progress: { phase: 'rendering', done: 12, total: 47 } },
  stopping: { type: 'stopping' },
  handover: { type: 'handover', work },
};

/** What arrives at the other end of a channel after `messages` are posted into it. */
async function across<Message>(messages: Message[]): Promise<Message[]> {
  const { port1, port2 } = new MessageChannel();
  const received: Message[] = [];
  port2.on('message', (message: Message) => received.push(message));
  for (const message of messages) port1.postMessage(message);
  port1.close();
  await once(port2, 'close');
  return received;
}

describe('the build worker channel', () => {
  it('carries every request watch sends, as it was sent', async () => {
    expect(await across(Object.values(requests))).toStrictEqual(Object.values(requests));
  });

  it('carries every reply the worker sends, a handover’s files and bytes included', async () => {
    const received = await across(Object.values(replies));
    expect(received).toStrictEqual(Object.values(replies));
    const handover = received.find((reply) => reply.type === 'handover');
    expect(handover?.work.last?.files.get('images/a.webp')).toBeInstanceOf(Uint8Array);
  });
});
