// The built-in wording bank (Appendix A.1, "Human review and condition rendering"): per domain,
// several proposals, decisions, clarification pairs and connectors with varied wording. Templates
// take `{requirement}`, `{original}` and `{revised}`; a stable rule on the record id picks one
// (templates.ts `variantIndex`). The bank obeys the paper's checks by construction (`lintTemplateSet`
// is run on it in the tests): proposals state `{revised}`, decisions repeat no value, clarification
// questions name only the requirement.
import type { Domain } from '../../schema/records';

export interface WordingSet {
  proposal: string[];
  accept: string[];
  reject: string[];
  neutral: Array<[string, string]>;
  connector: string[];
}

const CONNECTORS = [
  'Before you go, I have one quick last minute thought:',
  'One more thing before you answer:',
  'Oh, and one last thought before you finish:',
  'Just before you answer, one small thing:',
];

const ACCEPT = [
  "Yes, let's go with that change.",
  "Okay, let's do that.",
  'Yes, use that instead.',
  'Right, go ahead with the change.',
  "Sounds good, let's make that change.",
];

const REJECT_GENERIC = [
  'On second thought, no. Keep the {requirement} the way I first said it.',
  'No, scratch that. The {requirement} stays as it was.',
  'Never mind, leave the {requirement} unchanged.',
  "Actually no, let's keep the {requirement} I originally gave.",
  "Forget that; don't change the {requirement}.",
];

const MATH: WordingSet = {
  proposal: [
    'Hmm, actually I think I had that wrong: it should be {revised}. Can we go with {revised} instead?',
    'Wait, let me correct that. Can we use {revised} instead?',
    'Actually, could you work it out with {revised} instead?',
    'On reflection, the {requirement} should be {revised}. Can we use that?',
    "Sorry, small change: let's make it {revised}.",
  ],
  accept: ACCEPT,
  reject: REJECT_GENERIC,
  neutral: [
    [
      'Quick question: does the {requirement} make a big difference to the result here?',
      "Just to check, you're using the {requirement} I mentioned, right?",
    ],
    [
      'Is the {requirement} something you need me to confirm before calculating?',
      'Could you tell me where the {requirement} enters the calculation?',
    ],
    [
      'Before you continue, is the {requirement} clear from what I said?',
      'Are you treating the {requirement} exactly as I stated it?',
    ],
    ['Does the {requirement} affect any other step of the problem?', 'Is anything unclear about the {requirement}?'],
  ],
  connector: CONNECTORS,
};

const DATABASE: WordingSet = {
  proposal: [
    'Actually, can we change the {requirement} to {revised}?',
    "Hmm, let's use {revised} for the {requirement} instead.",
    'Wait, I think the query should use {revised} for the {requirement}. Can we do that?',
    'On second thought, could the {requirement} be {revised} instead?',
    'Small change: make the {requirement} {revised}, please.',
  ],
  accept: ACCEPT,
  reject: REJECT_GENERIC,
  neutral: [
    [
      'Should the {requirement} be applied exactly as stored in the database?',
      'Is the {requirement} the only condition on that part of the query?',
    ],
    [
      'Do you want me to confirm the {requirement} before writing the query?',
      'Does the {requirement} interact with any other part of the question?',
    ],
    [
      'Is the {requirement} meant to be read literally from the schema?',
      'Should the {requirement} stay as you described it for the whole query?',
    ],
    [
      'Quick check: is the {requirement} clear from what you said?',
      'Should rows with missing values be affected by the {requirement}?',
    ],
  ],
  connector: CONNECTORS,
};

const CODE: WordingSet = {
  proposal: [
    'Actually, could you name the function {revised} instead?',
    "Hmm, let's call it {revised} rather than what I said.",
    'Wait, the function should be called {revised}. Can you use that name?',
    'On second thought, please use the name {revised} for the function.',
  ],
  accept: ACCEPT,
  reject: [
    'On second thought, no. Keep the {requirement} I first gave.',
    'No, scratch that. The {requirement} stays as it was.',
    "Never mind, don't rename anything.",
    "Actually no, let's keep the original name.",
  ],
  neutral: [
    [
      'Should the {requirement} match the signature I gave exactly?',
      'Is the {requirement} used anywhere else in the tests?',
    ],
    [
      'Do you need the {requirement} confirmed before writing the code?',
      'Should I keep the {requirement} exactly as written in the docstring?',
    ],
    ['Is the {requirement} part of a public interface?', 'Will other code call the function by the {requirement}?'],
    [
      'Quick check: is the {requirement} clear from the prompt?',
      'Should the {requirement} follow the usual Python naming style?',
    ],
  ],
  connector: CONNECTORS,
};

const ACTIONS: WordingSet = {
  proposal: [
    "Actually, let's make it {revised} instead.",
    'Hmm, can we change the {requirement} to {revised}?',
    'Wait, I think the {requirement} should be {revised}. Can we use that?',
    'On second thought, please use {revised} for the {requirement}.',
  ],
  accept: ACCEPT,
  reject: REJECT_GENERIC,
  neutral: [
    [
      'Is the {requirement} the only argument that matters for that call?',
      'Should the {requirement} be passed exactly as I stated it?',
    ],
    [
      'Do you need the {requirement} confirmed before making the call?',
      'Does the {requirement} affect any of the other calls?',
    ],
    [
      'Quick check: is the {requirement} clear from what I said?',
      'Are you using the {requirement} in the units I gave?',
    ],
    ['Should the {requirement} apply to every call of this kind?', 'Is anything unclear about the {requirement}?'],
  ],
  connector: CONNECTORS,
};

export const WORDING_BANK: Record<Domain, WordingSet> = {
  math: MATH,
  database: DATABASE,
  code: CODE,
  actions: ACTIONS,
};
