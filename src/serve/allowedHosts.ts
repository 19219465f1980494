import { shown } from '../escape.ts';

/**
 * Which names a preview server (`watch`, `serve`) answers to. It listens on the loopback only,
 * but a page of another site can still reach it through DNS rebinding: its own name made to
 * resolve to 127.0.0.1, the browser then sends that name as `Host` and reads the answers, drafts
 * included. So only the loopback's names are answered (`localhost` and its subdomains, which
 * browsers never ask DNS for, `127.0.0.1`, `[::1]`), with any port, and the names a user allows
 * (`--allowed-host`, for a tunnel or a container's name); a request from a page of another
 * origin (`Origin`) is refused the same way, the live-reload channel included.
 */
export interface HostRule {
  /** Why this request is refused, as one line for the terminal, or undefined when it is answered. */
  refusal(host: string | undefined, origin: string | undefined): string | undefined;
  /** The names answered, for a refusal's body and the docs. */
  readonly names: readonly string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** A host name a user may allow: DNS labels, an IPv4 address or a bracketed IPv6 one, without a port. */
const ALLOWABLE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** Why a name given to `--allowed-host` cannot be one, or undefined when it can. */
export function allowedHostProblem(name: string): string | undefined {
  if (ALLOWABLE.test(name)) return undefined;
  return `"${shown(name)}" is not a host name: give a name such as preview.example.test or an address such as 192.168.1.20, without a port or a scheme`;
}

/** A `Host` value split into its name (lowercase) and port, or undefined when it is not one. */
function hostName(value: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\\@\s]+)(?::\d{1,5})?$/i.exec(value);
  return match?.[1]!.toLowerCase();
}

export function hostRule(allowed: readonly string[] = []): HostRule {
  const names = [...LOOPBACK, ...allowed.map((name) => name.toLowerCase())];
  const answers = (name: string | undefined) => name !== undefined && (names.includes(name) || name.endsWith('.localhost'));
  const listed = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return {
    names,
    refusal(host, origin) {
      if (host === undefined) return 'refused a request without a Host header';
      if (!answers(hostName(host)))
        return `refused a request for host "${shown(host)}": this server answers only ${listed}; to open it under that name, start it with --allowed-host NAME`;
      if (origin === undefined) return undefined;
      let from: string | undefined;
      try {
        const url = new URL(origin);
        from = url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
      } catch {
        from = undefined;
      }
      if (!answers(from)) return `refused a request from a page of "${shown(origin)}": only pages of ${listed} may use this server`;
      return undefined;
    },
  };
}
