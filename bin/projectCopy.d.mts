/** What a project needs to build, besides its dependencies. */
export const BUILD_FILES: string[];

/** Copies `names` of the project at `from` into `to`, and links each of its packages (node_modules is a folder of the copy). */
export function copyProject(from: string, to: string, names?: string[]): Promise<void>;
