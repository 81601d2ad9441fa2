import { concertCopyVariablesAtom, useCopy } from '@concert/shared/browser';
import { COPY_VARIABLES, copyParts, type Lang } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

/**
 * A stored text with its variables marked (issue 40 §7): each `{{name}}` a token of its own (a
 * framed, monospaced chip, not told by colour alone) followed by what visitors see in its place
 * now, the constants' and the current concert's values in the text's language; a variable a
 * screen fills in (a name, a code) or that nobody provides shows as the token alone.
 */
export function MarkedCopy({ text, lang }: { text: string; lang: Lang }) {
  const t = useCopy();
  const concertVariables = useAtomValue(concertCopyVariablesAtom)?.[lang];
  const values = useMemo<Record<string, string>>(
    () => ({ ...COPY_VARIABLES[lang], ...concertVariables }),
    [lang, concertVariables],
  );
  return (
    <>
      {copyParts(text).map((part, i) =>
        part.variable === undefined ? (
          part.text
        ) : (
          <span key={i} className="copy-variable">
            <code className="copy-variable-name">{part.text}</code>
            {Object.hasOwn(values, part.variable) && (
              <span className="copy-variable-value">
                <span className="visually-hidden"> {t('copyEditor.variableNow')} </span>
                {values[part.variable]}
              </span>
            )}
          </span>
        ),
      )}
    </>
  );
}
