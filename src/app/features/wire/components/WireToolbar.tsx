import type { DirectionFilter, FrameFilter } from "../utils/filterFrames";

/** Text, direction and list-call filters for the wire log. */
export function WireToolbar({ filter, onChange }: { filter: FrameFilter; onChange: (f: FrameFilter) => void }) {
  return (
    <div className="wire-toolbar" role="search">
      <input
        type="search"
        aria-label="Filter frames"
        placeholder="filter: method or raw text"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
      />
      <select aria-label="Direction" value={filter.direction} onChange={(e) => onChange({ ...filter, direction: e.target.value as DirectionFilter })}>
        <option value="all">both ways</option>
        <option value="out">→ sent</option>
        <option value="in">← received</option>
      </select>
      <label className="field inline">
        <input type="checkbox" checked={filter.hideLists} onChange={(e) => onChange({ ...filter, hideLists: e.target.checked })} />
        hide list calls
      </label>
    </div>
  );
}
