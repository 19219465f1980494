/** What is wrong with a bucket name by S3's rules, or undefined. */
export function bucketProblem(name: string): string | undefined;
/** What is wrong with an https address the workflows add a path to, or undefined. */
export function addressProblem(value: string): string | undefined;
export function endpointProblem(value: string): string | undefined;
/** What is wrong with a region (on AWS, or `store` for an S3-compatible store), or undefined. */
export function regionProblem(value: string, store: boolean): string | undefined;
/** What is wrong with an IAM role's ARN, or undefined. */
export function roleProblem(value: string): string | undefined;

export interface CheckedNames {
  /** Repository variables always needed. */
  variables: string[];
  /** Needed on AWS (S3_ENDPOINT unset). */
  roles: string[];
  /** Needed with an S3-compatible store (S3_ENDPOINT set). */
  secrets: string[];
  /** The environment the secrets are stored in; repository secrets without one. */
  environment?: string;
}

/** GitHub error annotations for what is unset or malformed: none when all is well. */
export function checkVariables(names: CheckedNames, env: Record<string, string | undefined>): string[];

/** The command's lines and exit code (0 all well, 1 a fault, 2 its arguments wrong), for `args` after the script. */
export function checkVariablesCommand(args: string[], env: Record<string, string | undefined>): { code: number; lines: string[] };
