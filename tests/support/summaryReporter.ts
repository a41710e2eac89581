import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the closing line CI reads, one per project: "api: 12 passed, 0 failed".
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const mod of modules) {
      const name = mod.project.name || 'tests';
      const tally = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      let testFailed = false;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tally.passed++;
        else if (state === 'failed') {
          tally.failed++;
          testFailed = true;
        } else tally.skipped++;
      }
      // A file whose set-up failed (its tests skipped or never collected) still counts as a failure.
      if (mod.state() === 'failed' && !testFailed) tally.failed++;
      byProject.set(name, tally);
    }
    for (const [name, t] of byProject) {
      console.log(`${name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
    }
  }
}
