import v8 from 'node:v8';

/**
 * A build is a short process: V8's optimising compilers, at their usual thresholds, spend a fifth
 * of its CPU compiling functions that then run for a second or two, and every worker thread does
 * it again. Higher thresholds (V8's flags are the process's, so they hold in its workers too) cut
 * a cold build's CPU by about a tenth and its peak memory at 4,000 articles by a fifth
 * (docs/developers/performance.md). V8 11 (Node 20) counts a budget; later ones count calls.
 */
export function optimiseLater() {
  v8.setFlagsFromString(
    Number(process.versions.v8.split('.')[0]) >= 12 ? '--invocation-count-for-turbofan=30000 --invocation-count-for-maglev=4000' : '--interrupt-budget=1000000',
  );
}
