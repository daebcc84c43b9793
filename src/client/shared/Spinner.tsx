import './spinner.css';

/**
 * The frame's loading indicator: antd's Spin (four dots turning, in the primary colour) drawn in CSS,
 * so that the first load carries no antd code for it. `label` is what a screen reader announces (none where a text beside it says it).
 */
export function Spinner({ size = 'default', label }: { size?: 'default' | 'large'; label?: string }) {
  const className = size === 'large' ? 'mc-spin mc-spin-lg' : 'mc-spin';
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={className} {...named}>
      <span className="mc-spin-dot" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </span>
  );
}
