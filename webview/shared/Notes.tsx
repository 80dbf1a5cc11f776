// A view's notes from the host (what was left out, what could not be read), one paragraph each.
export function Notes({ notes }: { notes: readonly string[] }) {
  return (
    <>
      {notes.map((n, i) => (
        <p key={i} className="il-note">
          {n}
        </p>
      ))}
    </>
  );
}
