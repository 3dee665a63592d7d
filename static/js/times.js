// Times the server writes in UTC (<time class="local-time" datetime="...">), shown in the reader's own time zone
// and language; the UTC text stays as the tooltip, and is what readers without scripts see.
for (const el of document.querySelectorAll("time.local-time")) {
  const at = new Date(el.dateTime);
  if (Number.isNaN(at.getTime())) continue;
  el.title = el.textContent;
  el.textContent = at.toLocaleString(document.documentElement.lang || undefined,
                                     {dateStyle: "medium", timeStyle: "short"});
}
