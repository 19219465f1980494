import { performance } from 'node:perf_hooks';
import type { BuildProgress } from '../progress.ts';

export interface BuildStep {
  step: string;
  at: number;
}

/** One build's time: when each of its steps finished, and each phase said as it starts. */
export class BuildClock {
  private readonly started = performance.now();
  /** When each step finished, in ms from the start. */
  readonly steps: BuildStep[] = [];

  constructor(private readonly onProgress?: (progress: BuildProgress) => void) {}

  mark(step: string): void {
    this.steps.push({ step, at: this.ms() });
  }

  /** A phase starts; with `total`, one that counts what it has done. */
  progress(phase: BuildProgress['phase'], total?: number): void {
    this.onProgress?.({ phase, done: total === undefined ? undefined : 0, total });
  }

  ms(): number {
    return performance.now() - this.started;
  }
}
