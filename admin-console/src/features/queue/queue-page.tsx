import { QueuePanel } from '../../components/queue-panel.js';

/** admin/queue: the waiting list on its own page (the office dashboard embeds the same panel). */
export function QueuePage() {
  return (
    <article className="admin-page">
      <QueuePanel headingLevel={1} />
    </article>
  );
}
