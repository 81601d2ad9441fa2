import { Readable } from 'node:stream';
import type { ExportFormat, ExportKind } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Logger } from 'pino';
import type { Sql } from '../../db/connect.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { DoorCodes } from '../tickets/door-codes.js';
import type { ExportCell } from './cells.js';
import { COLUMN_KINDS, columnsOf, exportBatch, exportTexts } from './queries.js';
import { CSV_BOM, csvLine, xlsxWriter } from './writers.js';

/** Rows read per statement. */
const BATCH_ROWS = 1000;

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/**
 * The office's downloads: attendees for the ticket seller, new members and raises, the queue;
 * as CSV (UTF-8 with BOM, `;`: Swedish Excel's list separator) or XLSX, with the same values (times
 * as Stockholm's wall clock, states in words, formulas defused). Rows are read in batches as the download is consumed
 * and written straight out, so 10,000 rows never sit in memory at once. Each download is in
 * the audit log (which export, format, rows, whether it was finished) once it ends.
 */
export function createExportService({
  sql,
  concert,
  log,
  doorCodes,
  now = () => new Date(),
  batchRows = BATCH_ROWS,
}: {
  sql: Sql;
  /** The current concert (a getter): its attendees are exported. */
  concert: { readonly id: number };
  log: Logger;
  /** Opens the attendees' door codes (sealed at rest) for an export that asks for them. */
  doorCodes: Pick<DoorCodes, 'open'>;
  now?: () => Date;
  batchRows?: number;
}) {
  async function exportFile(
    staff: StaffMember,
    kind: ExportKind,
    format: ExportFormat,
    lang: Lang,
    /** The attendees' door codes, asked for (they open the door): a marked column, a marked file name, audited. */
    withCodes = false,
  ): Promise<ExportFile> {
    const codes = withCodes && kind === 'attendees';
    const columns = columnsOf(kind, codes);
    const texts = await exportTexts(sql, lang);
    const text = (key: string) => texts.get(`admin.exports.${key}`) ?? key;
    const stateWord = (state: ExportCell) =>
      typeof state === 'string' ? (texts.get(`admin.autogiro.states.${state}`) ?? state) : state;
    const header = columns.map((c) => text(c === 'ticketCode' ? 'columns.ticketCodeMarked' : `columns.${c}`));
    const translate = (cells: ExportCell[]): ExportCell[] => {
      // The mandate's state in words (the Autogiro page's), as on every staff screen.
      if (kind === 'donations')
        return [
          text(`donationKinds.${String(cells[0])}`),
          ...cells.slice(1, -1),
          stateWord(cells.at(-1) ?? null),
        ];
      if (kind === 'queue') return [...cells.slice(0, -1), text(`queueStates.${String(cells.at(-1))}`)];
      // The ticket's state in the words of the attendee screens (ticketStateKey).
      if (kind === 'attendees') return [...cells.slice(0, -1), text(`ticketStates.${String(cells.at(-1))}`)];
      return cells;
    };
    let rows = 0;
    let finished = false;

    async function* batches(): AsyncGenerator<ExportCell[][]> {
      let after = { id: '0', rows: 0 };
      for (;;) {
        const batch = await exportBatch(
          sql,
          kind,
          after,
          batchRows,
          concert.id,
          codes ? (r) => doorCodes.open(r) : undefined,
        );
        if (batch.length === 0) return;
        rows += batch.length;
        after = { id: batch.at(-1)!.id, rows };
        yield batch.map((r) => translate(r.cells));
        if (batch.length < batchRows) return;
      }
    }

    async function audit(): Promise<void> {
      try {
        await recordAudit(sql, {
          staffId: staff.id,
          action: 'export.download',
          subject: kind,
          after: { format, rows, finished, ...(codes ? { withCodes: true } : {}) },
        });
      } catch (err) {
        log.error({ err: (err as { code?: string }).code, kind }, 'export not audited');
      }
    }

    const stamp = now().toISOString().slice(0, 10);
    const filename = `${kind}${codes ? '-med-koder' : ''}-${stamp}.${format}`;
    if (format === 'csv') {
      async function* csv(): AsyncGenerator<string> {
        try {
          yield CSV_BOM + csvLine(header);
          for await (const batch of batches()) yield batch.map(csvLine).join('');
          finished = true;
        } finally {
          await audit();
        }
      }
      return {
        filename,
        contentType: 'text/csv; charset=utf-8',
        body: Readable.from(csv(), { objectMode: false }),
      };
    }
    const xlsx = await xlsxWriter(
      text(`sheets.${kind}`),
      header,
      columns.map((c) => COLUMN_KINDS[c]),
    );
    void (async () => {
      try {
        // Committed rows go to the zip stream at once; what waits for a slow download is the compressed file, not the rows.
        for await (const batch of batches()) for (const cells of batch) xlsx.addRow(cells);
        await xlsx.finish();
        finished = true;
      } catch (err) {
        xlsx.stream.destroy(err as Error);
      } finally {
        await audit();
      }
    })();
    return {
      filename,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: xlsx.stream,
    };
  }

  return { exportFile };
}
export type ExportService = ReturnType<typeof createExportService>;
