/** The part of @nlpjs/lang-pl (no types of its own) that normalize.ts uses. */
declare module '@nlpjs/lang-pl' {
  export class StemmerPl {
    stemWord(word: string): string;
  }
}
