/**
 * The countdown's box, empty and not shown, while its clock is on its way: a hold being taken as
 * the page opens (the queue page moving on while tickets are on sale), the clock's code loading,
 * its first second not yet counted. On a phone the countdown is a row of its own in the header:
 * kept from the start, the page below does not move when the clock appears.
 */
export function CountdownPlace() {
  return (
    <p className="countdown countdown-pending" aria-hidden="true">
      {'\u00a0'}
    </p>
  );
}
