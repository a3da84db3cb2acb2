import './mantineStyles';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Notices } from './components/Notices/Notices';
import { themeManager } from './colorScheme';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

const colorSchemeManager = themeManager();

export default function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  // On phones notices rise from the bottom, clear of the header and of a dialog's buttons.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
          <Notices limit={1} autoClose={5000} position={phone ? 'bottom-center' : 'top-right'} zIndex={1000} />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
