import { useState } from 'react';
import { useStartImage } from '../hooks/use-start-image';
import { useVideoGeneration } from '../hooks/use-video-generation';
import '../media.css';
import { VideoForm } from './video-form';
import { VideoProgressScreen } from './video-progress-screen';
import { VideoResult } from './video-result';

/** The video page's three screens: form (with any error), generating, result. */
export function VideoGenerator() {
  const [prompt, setPrompt] = useState('');
  const [focusPrompt, setFocusPrompt] = useState(false);
  const startImage = useStartImage();
  const { state, generate, cancel, reset } = useVideoGeneration();

  const startOver = () => {
    reset();
    startImage.clear();
    setPrompt('');
    setFocusPrompt(true);
  };

  if (state.screen === 'generating') {
    return (
      <VideoProgressScreen
        startedAt={state.startedAt}
        progress={state.progress}
        onCancel={cancel}
      />
    );
  }
  if (state.screen === 'result') {
    return <VideoResult video={state.video} onStartOver={startOver} />;
  }
  return (
    <VideoForm
      prompt={prompt}
      onPromptChange={setPrompt}
      startImage={startImage}
      outcome={state.outcome}
      focusPrompt={focusPrompt}
      onSubmit={() => {
        setFocusPrompt(false);
        void generate(prompt, startImage.image?.file);
      }}
    />
  );
}
