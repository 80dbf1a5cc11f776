// Small whole numbers written as words ("two tickets", "five cards"), indexed by their value.
export const NUMBER_WORDS_TO_TWENTY: readonly string[] = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** Zero to twelve: the words the math verifier and the database construction read as numbers. */
export const NUMBER_WORDS_TO_TWELVE: readonly string[] = NUMBER_WORDS_TO_TWENTY.slice(0, 13);
