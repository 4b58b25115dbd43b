import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';

type SliderProps = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** The value as words for screen readers ("1:04 of 3:20", "80%"). */
  valueText?: string;
  /** Show the label and the value above the track (a settings slider) or keep them for screen readers (a scrub bar). */
  showLabel?: boolean;
  className?: string;
  'data-testid'?: string;
};

/** One value on a track: pointer drag, arrows, Page Up/Down, Home/End (react-aria's Slider). */
export function Slider({
  label,
  value,
  onChange,
  min = 0,
  max = 100,
  step = 1,
  valueText,
  showLabel = false,
  className,
  ...rest
}: SliderProps) {
  return (
    <AriaSlider
      className={`ui-slider ${className ?? ''}`}
      value={value}
      onChange={onChange}
      minValue={min}
      maxValue={max}
      step={step}
      aria-label={showLabel ? undefined : label}
      data-testid={rest['data-testid']}
    >
      {showLabel ? (
        <div className="ui-slider-head">
          <Label className="field-label">{label}</Label>
          <SliderOutput className="ui-slider-output">{valueText ? () => valueText : undefined}</SliderOutput>
        </div>
      ) : null}
      <SliderTrack className="ui-slider-track">
        {({ state }) => (
          <>
            <div className="ui-slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className="ui-slider-thumb" aria-valuetext={valueText} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
