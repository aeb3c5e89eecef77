/** The event of an .ics attachment, parsed back with ical.js. */
export async function parseIcs(content: string) {
  // ical.js is an ES module with a CommonJS build: a dynamic import loads the latter under Jest.
  const { default: ICAL } = await import('ical.js');
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    summary: event.summary,
    location: event.location,
    description: event.description,
    start: event.startDate.toString(),
    end: event.endDate.toString(),
    allDay: event.startDate.isDate,
    status: vevent.getFirstPropertyValue('status'),
    url: vevent.getFirstPropertyValue('url'),
  };
}
