/**
 * The system's refusals while sitegen reads or writes a path: a full disk, a read-only file
 * system or folder, a permission refused. Neither the content's fault nor a bug, so neither a
 * problem at a line nor a crash with a stack: one line naming the path and the fault in words
 * (src/diagnosticFormats.ts, `systemFaultLine`), and an exit code of its own.
 */
export interface SystemFault {
  /** The path the system refused, as the failed call named it. */
  path?: string;
  code: string;
  /** Whether it was refused while reading or while writing. */
  doing: 'read' | 'write';
  words: string;
}

const WORDS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota of this user is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission is refused (it, or its folder, is read-only to this user)',
  EPERM: 'the system does not permit it',
  ENOTDIR: 'a file stands where one of its folders belongs',
};

/** The calls that read: any other that fails writes (or makes, renames, removes). */
const READS = new Set(['open', 'read', 'scandir', 'stat', 'lstat', 'readlink', 'realpath', 'access', 'opendir']);

/** The system fault `error` is (or caused), or undefined when it is another error. */
export function systemFault(error: unknown): SystemFault | undefined {
  for (let at = error; at instanceof Error; at = at.cause) {
    const { code, path, syscall } = at as NodeJS.ErrnoException;
    // sitegen makes a folder's parents first: one still missing is a file system that takes no folders there (/proc).
    const words = code === 'ENOENT' && syscall === 'mkdir' ? 'the file system takes no new folder there' : code && WORDS[code];
    if (!code || !words) continue;
    // An open for writing fails as `open` too, and a look before a write as `lstat`: only a permission refused to a read is said as one.
    const doing = READS.has(syscall ?? '') && (code === 'EACCES' || code === 'EPERM') ? 'read' : 'write';
    return { ...(path && { path }), code, doing, words };
  }
  return undefined;
}

/**
 * `error` with the path it was about, when it is a system fault that names none (a write to a file
 * already open: the disk fills up mid-file).
 */
export function atPath(error: unknown, file: string): unknown {
  const fault = error as NodeJS.ErrnoException;
  if (systemFault(error) && fault.path === undefined) fault.path = file;
  return error;
}
