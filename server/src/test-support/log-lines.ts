/** The message of one of the server's JSON log lines (as the console received it): what tests compare. */
export function messageOf(line: unknown): string {
  return (JSON.parse(String(line)) as { msg: string }).msg;
}
