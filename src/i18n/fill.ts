/** Puts values into a string's `{name}` placeholders; the type of a catalogue string names the values it needs. */

export type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

export function fill<Text extends string>(text: Text, values: Record<Placeholders<Text>, string | number>): string {
  const given = values as Record<string, string | number>;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in given ? String(given[name]) : placeholder));
}
