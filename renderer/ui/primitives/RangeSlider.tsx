import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';

type RangeSliderProps = {
  label: string;
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
  min?: number;
  max: number;
  step?: number;
  /** The names of the two thumbs ("Start", "End"). */
  thumbLabels: readonly [string, string];
  /** Each end as words ("0:01.5"). */
  format: (value: number) => string;
  className?: string;
};

/** A from–to span on one track with two thumbs (react-aria's Slider with two values). */
export function RangeSlider({ label, value, onChange, min = 0, max, step = 0.1, thumbLabels, format, className }: RangeSliderProps) {
  return (
    <AriaSlider
      className={`ui-slider ui-range-slider ${className ?? ''}`}
      value={[value[0], value[1]]}
      onChange={(next) => onChange([next[0] ?? min, next[1] ?? max])}
      minValue={min}
      maxValue={max}
      step={step}
    >
      <div className="ui-slider-head">
        <Label className="field-label">{label}</Label>
        <SliderOutput className="ui-slider-output">{() => `${format(value[0])} – ${format(value[1])}`}</SliderOutput>
      </div>
      <SliderTrack className="ui-slider-track">
        {({ state }) => (
          <>
            <div
              className="ui-slider-fill"
              style={{
                left: `${state.getThumbPercent(0) * 100}%`,
                width: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%`,
              }}
            />
            <SliderThumb index={0} aria-label={thumbLabels[0]} className="ui-slider-thumb" />
            <SliderThumb index={1} aria-label={thumbLabels[1]} className="ui-slider-thumb" />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
