// "Jenna has 4 roommates … each roommate pays 1200/5": a solution counts the people of a group with
// the one who has them (4 + Jenna = 5) without writing that step. Such a head count is read as the
// stated count plus one only when the solution itself writes both numbers as people (`4 roommates`,
// `5 roommates`; `4 friends`, `5 girls`), so a chance 5 elsewhere is never taken for it.
import { sameNumber } from '../../verify/math/numbers';

const PEOPLE =
  'friends?|roommates?|siblings?|brothers?|sisters?|cousins?|classmates?|children|kids?|people|persons?|girls?|boys?|members?|guests?|players?|teammates?|adults?|family members?';
/** A whole number followed by a word for people, `of her` allowed between (`4 of her friends`). */
const COUNT_OF_PEOPLE = new RegExp(`\\b(\\d+)\\s+(?:of (?:her|his|their|our|my) )?(?:${PEOPLE})\\b`, 'gi');

function peopleCounts(text: string): number[] {
  return [...text.matchAll(COUNT_OF_PEOPLE)].map((m) => Number(m[1]));
}

/**
 * The stated counts `n` of people that the solution also uses as `n + 1` people (the group with the
 * one who has it). `stated` are the numbers the question states.
 */
export function selfInclusiveCounts(question: string, solution: string, stated: readonly number[]): number[] {
  const named = [...peopleCounts(question), ...peopleCounts(solution)];
  const inSolution = peopleCounts(solution);
  return stated.filter(
    (n) =>
      Number.isInteger(n) &&
      named.some((x) => sameNumber(x, n)) &&
      inSolution.some((x) => sameNumber(x, n + 1)) &&
      !stated.some((x) => sameNumber(x, n + 1)),
  );
}
