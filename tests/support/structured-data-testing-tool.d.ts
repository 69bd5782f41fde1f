/** The parts of structured-data-testing-tool (no bundled types) the tests use. */
declare module 'structured-data-testing-tool' {
  export interface TestResult { passed: unknown[]; failed: Array<{ test?: string; description?: string; error?: { message?: string } }>; warnings: unknown[]; schemas: string[] }
  export function structuredDataTest(input: string, options?: { presets?: unknown[]; schemas?: string[] }): Promise<TestResult>;
}
declare module 'structured-data-testing-tool/presets' {
  export const Google: unknown;
  export const Twitter: unknown;
  export const Facebook: unknown;
}
