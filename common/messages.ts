/** Fills `{name}` placeholders of a message template from specs/messages.ts. */
export function fillMessage(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
