import { Command, CommanderError } from 'commander';
import { vi } from 'vitest';
import { runCli } from './fixture.ts';

/**
 * Runs sitegen's own command-line parsing on `argv` and stops before the command acts (a hook
 * before the action): unknown options, missing arguments and values its parsers refuse fail as
 * they would when typed, with exit 2, and nothing is built, published or read.
 */
export async function parseOnly(argv: string[]) {
  const parseAsync = Command.prototype.parseAsync;
  let acting: string | undefined;
  const spy = vi.spyOn(Command.prototype, 'parseAsync').mockImplementation(function (this: Command, ...args) {
    this.hook('preAction', (_program, command) => {
      acting = command.name();
      throw new CommanderError(0, 'parsed', 'parsed, not run');
    });
    return parseAsync.apply(this, args);
  });
  try {
    return { ...(await runCli(...argv)), acting };
  } finally {
    spy.mockRestore();
  }
}
