import { resumeSession, useCopy } from '@concert/shared/browser';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { resumeChoiceAtom } from './flow-resume.js';

/**
 * The BankID app returned to a tab that already holds a sign-up of its own (issue 39 §9): this
 * tab's session is replaced only if the visitor says so. Continuing reloads the page, which then
 * restores the resumed session's place; staying keeps the tab as it was (the reference is dropped).
 */
export function ResumeChoice({ reload = () => location.reload() }: { reload?: () => void }) {
  const t = useCopy();
  const [reference, setReference] = useAtom(resumeChoiceAtom);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (reference) question.current?.focus();
  }, [reference]);
  if (!reference) return null;
  async function continueThere() {
    const outcome = await resumeSession(reference!, { replace: true });
    setReference(null);
    if (outcome === 'resumed') reload();
  }
  return (
    <div className="banner resume-choice" role="alertdialog" aria-labelledby="resume-choice-question">
      <p id="resume-choice-question" ref={question} tabIndex={-1}>
        {t('shell.resumeChoice.question')}
      </p>
      <div className="button-stack">
        <button type="button" className="button" onClick={() => void continueThere()}>
          {t('shell.resumeChoice.continue')}
        </button>
        <button type="button" className="button secondary" onClick={() => setReference(null)}>
          {t('shell.resumeChoice.stay')}
        </button>
      </div>
    </div>
  );
}
