import type { ChildProcess } from 'node:child_process';
export declare function freePort(): Promise<number>;
/** Polls /health/ready until the portal answers, failing fast if the process dies. */
export declare function waitForReady(baseURL: string, server: ChildProcess, timeoutMs?: number): Promise<void>;
