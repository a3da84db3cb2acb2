import './mantineStyles';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Notices } from './components/Notices/Notices';
import { themeManager } from './colorScheme';
import { cssVariablesResolver, theme } from './theme';
import { createTrpcClient, trpc } from './trpc';

const colorSchemeManager = themeManager();

/**
 * The providers around the router: `children` is the browser's SiteRouter (main.tsx) or the
 * server's StaticRouter (entry-server.tsx), and `queryClient` holds the data the server
 * inlined in the page, so both render the same first screen.
 */
export default function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
          <Notices limit={1} autoClose={5000} zIndex={1000} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
