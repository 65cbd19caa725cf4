/**
 * The webhard folder tree (spec §2.10): the root (0) with the normal folders and the guest folder (-99); a folder's
 * sub-folders load when it is expanded, and choosing a folder lists it.
 */
import { FolderOutlined, TeamOutlined } from "@ant-design/icons";
import {
  WEBHARD_FOLDER_TYPES,
  WEBHARD_ROOT_FOLDER_ID,
  type WebhardFolderData,
} from "@moa/shared";
import { Tree, type TreeDataNode } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  /** Sub-folders by parent id, as far as listed. */
  folders: ReadonlyMap<number, readonly WebhardFolderData[]>;
  current: number;
  expanded: readonly number[];
  onExpand: (expanded: number[]) => void;
  /** Lists a folder (also to learn its sub-folders when expanded). */
  onLoad: (folderId: number) => Promise<void>;
  onOpen: (folderId: number) => void;
};

/** The tree nodes under a folder; a folder not listed yet has no children key, so the tree loads it on expanding. */
function withChildren(
  node: TreeDataNode,
  folderId: number,
  folders: Props["folders"],
): TreeDataNode {
  const children = folders.get(folderId);
  if (!children) return node;
  return {
    ...node,
    isLeaf: children.length === 0,
    children: children.map((folder) =>
      withChildren(nodeOf(folder), folder.id, folders),
    ),
  };
}

function nodeOf(folder: WebhardFolderData): TreeDataNode {
  return {
    key: folder.id,
    title: folder.name,
    icon:
      folder.folderType === WEBHARD_FOLDER_TYPES.guest ? (
        <TeamOutlined />
      ) : (
        <FolderOutlined />
      ),
  };
}

export function WebhardFolderTree(props: Props) {
  const { t } = useTranslation();
  const treeData = useMemo<TreeDataNode[]>(
    () => [
      withChildren(
        {
          key: WEBHARD_ROOT_FOLDER_ID,
          title: t("webhard.tree.root"),
          icon: <FolderOutlined />,
        },
        WEBHARD_ROOT_FOLDER_ID,
        props.folders,
      ),
    ],
    [props.folders, t],
  );
  return (
    <nav className="moa-webhard-tree" aria-label={t("webhard.tree.label")}>
      <Tree
        showIcon
        blockNode
        treeData={treeData}
        selectedKeys={[props.current]}
        expandedKeys={[...props.expanded]}
        onExpand={(keys) => {
          props.onExpand(keys.map(Number));
        }}
        loadData={async (node) => {
          if (!props.folders.has(Number(node.key)))
            await props.onLoad(Number(node.key));
        }}
        onSelect={(_keys, { node }) => {
          props.onOpen(Number(node.key));
        }}
      />
    </nav>
  );
}
