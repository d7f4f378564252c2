/** Waits until `check` holds, asking every `everyMs`; throws naming `label` once `timeoutMs` have passed. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  label: string,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${label}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
