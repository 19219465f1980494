export function compileGenerator(root: string): Promise<string>;
