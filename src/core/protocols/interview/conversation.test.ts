// How a review ends the interview: the stop token only as the reply's last line, exactly as the
// paper writes it; "meets all requirements" only when nothing unmet is named anywhere in the reply.
import { describe, expect, it } from 'vitest';
import { reviewKind } from './conversation.ts';

describe('the stop token', () => {
  it('ends the interview as the last non-empty line, alone or after a sentence', () => {
    expect(reviewKind('INTERVIEW IS OVER.')).toBe('over');
    expect(reviewKind('The solution meets every requirement and runs cleanly.\n\nINTERVIEW IS OVER.\n\n')).toBe('over');
    expect(reviewKind('  INTERVIEW IS OVER.  ')).toBe('over');
  });

  it('does not count anywhere else in the text', () => {
    expect(reviewKind('INTERVIEW IS OVER. Not quite: R3 still writes no plot, so add the plotting step.')).toBe('hint');
    expect(reviewKind('Before I can say INTERVIEW IS OVER. you must save the model.\nAdd the save step for R4.')).toBe('hint');
    expect(reviewKind('INTERVIEW IS OVER.\nActually, R2 still fails: sort the regions.')).toBe('hint');
  });

  it('counts only as the paper writes it: upper case, with its full stop, nothing else on the line', () => {
    for (const variant of [
      'interview is over.',
      'Interview is over.',
      'INTERVIEW IS OVER',
      'INTERVIEW IS OVER!',
      '**INTERVIEW IS OVER.**',
      '"INTERVIEW IS OVER."',
      'INTERVIEW IS OVER. Well done.',
      'INTERVIEW\u200B IS OVER.',
    ]) {
      expect(reviewKind(`Almost there: R4 still saves no model.\n${variant}`), variant).toBe('hint');
    }
  });
});

describe('"meets all requirements" without the token', () => {
  it('ends the interview when the reply says all are met and names nothing unmet', () => {
    expect(reviewKind('This now meets all stated requirements.')).toBe('equivalent');
    expect(reviewKind('Your solution meets all requirements and runs without errors.')).toBe('equivalent');
    expect(reviewKind('The implementation now satisfies all of the requirements.')).toBe('equivalent');
  });

  it('never fires when the reply names an exception or something unmet', () => {
    const hostile = [
      'Your solution meets all requirements except R0 to R4',
      'Your solution meets all requirements but the chart is not saved.',
      'Your solution meets all requirements apart from the model file.',
      'Your solution meets all requirements other than the metrics report.',
      'Your solution meets all requirements, though the plot is not yet written.',
      'Your solution meets all requirements. R3 is missing.',
      'Your solution meets all requirements. However, the evaluation fails.',
      'Your solution meets all requirements; requirement 2 remains unmet.',
      'Your solution meets all requirements if you add the save step.',
      'Your solution meets all requirements. Add a comment naming R1.',
      'Your solution meets all but one requirement.',
      'Your solution meets all requirements save R2.',
      'Your solution almost meets all requirements.',
      'Add the chart so that your solution meets all requirements.',
    ];
    for (const reply of hostile) expect(reviewKind(reply), reply).toBe('hint');
  });
});
