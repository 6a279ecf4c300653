import { View } from '@tarojs/components';
import { useState } from 'react';
import { locationFailureText, type Coords } from '../../domain/location';
import { LocationError, location } from '../../platform/location';

export type PositionState =
  | { step: 'idle' }
  | { step: 'locating' }
  | { step: 'done'; coords: Coords }
  | { step: 'failed'; text: string; denied: boolean };

/**
 * The customer's position, asked for only when they tap (a browser's permission prompt should follow a gesture),
 * with the reason in words when it cannot be had: 重试, and 去设置 in the mini-programs after a refusal.
 */
export function usePosition(onFound?: (coords: Coords) => void) {
  const [state, setState] = useState<PositionState>({ step: 'idle' });
  async function locate(): Promise<void> {
    setState({ step: 'locating' });
    try {
      const coords = await location.locate();
      setState({ step: 'done', coords });
      onFound?.(coords);
    } catch (err) {
      const kind = err instanceof LocationError ? err.kind : 'unavailable';
      // Closing the browser's or the mini-program's prompt is a refusal too: there is still no position.
      const shown = kind === 'cancel' ? 'denied' : kind;
      setState({ step: 'failed', text: locationFailureText(shown, location.platform), denied: shown === 'denied' });
    }
  }
  async function openSettings(): Promise<void> {
    if (await location.openSettings()) await locate();
  }
  return { state, locate, openSettings };
}

interface PositionFailureProps {
  state: Extract<PositionState, { step: 'failed' }>;
  onRetry(): void;
  onSettings(): void;
}

/** The reason, 重试, and 去设置 where a settings page exists (mini-programs). */
export function PositionFailure({ state, onRetry, onSettings }: PositionFailureProps) {
  return (
    <View id="location-error">
      <View className="sf-loc__error">{state.text}</View>
      <View className="sf-loc__actions">
        {state.denied && location.platform === 'mini' ? (
          <View className="sf-btn" id="location-settings" onClick={onSettings}>
            去设置
          </View>
        ) : null}
        <View className="sf-btn is-ghost" id="location-retry" onClick={onRetry}>
          重试
        </View>
      </View>
    </View>
  );
}
