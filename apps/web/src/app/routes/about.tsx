import { Page } from '@/components/ui/page';

export function AboutRoute() {
  return (
    <Page title="About Us" className="page--narrow">
      <div className="prose">
        <p>
          Closetly brings clothing and accessories from many retailers, large and small, into one place so you can
          search, compare and keep the pieces you love.
        </p>
        <p>
          Closetly is free to use. We earn through retailer affiliate partnerships, and ranking is never based on
          advertising.
        </p>
      </div>
    </Page>
  );
}
