// Long tasks as the bench page records them: [start, duration] pairs in ms, from a PerformanceObserver.

/** A long task: when it started and how long it ran, in ms (performance.now() time). */
export type LongTask = [start: number, duration: number]

/** The time the tasks ran, all together (0 for none). */
export const totalMs = (tasks: LongTask[]) => tasks.reduce((a, [, d]) => a + d, 0)

/** The longest task's duration (0 for none). */
export const longestMs = (tasks: LongTask[]) => tasks.reduce((a, [, d]) => Math.max(a, d), 0)
