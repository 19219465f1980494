export function compileGenerator(root: string, warn?: (line: string) => void): Promise<string>;
